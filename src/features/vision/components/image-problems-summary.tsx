import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { ImageProblem } from '../image-problems';

export interface ImageProblemsSummaryProps {
  problems: readonly ImageProblem[];

  /** The person says the service fetches private addresses: those images are sent anyway. */
  privateAllowed: boolean;
  onPrivateAllowed: (allowed: boolean) => void;
  /** Fetches the image in this browser and puts its bytes in place of the URL; rejects with what to do. */
  onSendAsFile?: (problem: ImageProblem) => Promise<void>;
}

/**
 * Every image problem at once, one short line per image (each entry says the rest), with what a
 * person can do about an address the service will not fetch: send its bytes, or say the service takes it.
 */
export function ImageProblemsSummary({
  problems,
  privateAllowed,
  onPrivateAllowed,
  onSendAsFile,
}: ImageProblemsSummaryProps) {
  const id = useId();
  const [fetching, setFetching] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  if (problems.length === 0) return null;
  const blocking = problems.filter((problem) => !(problem.private && privateAllowed));
  const sendAsFile = async (problem: ImageProblem) => {
    if (!onSendAsFile) return;
    setFetching(problem.key);
    setFailed(null);
    try {
      await onSendAsFile(problem);
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
    } finally {
      setFetching(null);
    }
  };
  return (
    <div className="flex flex-col gap-1 text-sm">
      <div role="alert" aria-labelledby={`${id}-title`}>
        <p id={`${id}-title`} className="font-medium">
          {blocking.length > 0
            ? `Not sent while ${blocking.length === 1 ? 'this image has a problem' : `these ${blocking.length} images have problems`}:`
            : 'Sent anyway, as you say the service fetches private addresses:'}
        </p>
        <ul className="list-disc pl-5">
          {problems.map((problem) => (
            <li
              key={problem.key}
              className={
                blocking.includes(problem)
                  ? 'text-red-700 dark:text-red-400'
                  : 'text-amber-800 dark:text-amber-300'
              }
            >
              {problem.line}
              {problem.private && onSendAsFile ? (
                <Button
                  size="sm"
                  className="ml-2"
                  disabled={fetching !== null}
                  onClick={() => void sendAsFile(problem)}
                >
                  {fetching === problem.key ? 'Fetching…' : `Send image ${problem.position} as a file`}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      {failed ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {failed}
        </p>
      ) : null}
      {problems.some((problem) => problem.private) ? (
        <label className="flex items-start gap-2 text-xs">
          <input
            type="checkbox"
            checked={privateAllowed}
            onChange={(e) => onPrivateAllowed(e.target.checked)}
          />
          <span>
            Send loopback and private addresses anyway: this service fetches them
            (SVC_VISION_ALLOW_PRIVATE_HOSTS=1).
          </span>
        </label>
      ) : null}
    </div>
  );
}
