import { CodePage } from '../../features/code/code-page';

/** /code */
export default function CodeRoute() {
  return <CodePage />;
}
