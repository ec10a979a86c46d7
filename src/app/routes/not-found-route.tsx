import { Link, useLocation } from 'react-router';
import { FOCUS_RING } from '../../components/ui/button';
import { PageFrame } from '../../components/ui/page-frame';

/** Any path the playground does not have. */
export default function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <PageFrame title="Page not found" purpose={`The playground has no page at ${pathname}.`}>
      <p className="text-sm">
        <Link to="/chat" className={`rounded text-sky-700 underline dark:text-sky-400 ${FOCUS_RING}`}>
          Go to the chat page
        </Link>
      </p>
    </PageFrame>
  );
}
