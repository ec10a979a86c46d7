import { useId } from 'react';
import type { ImageProblem } from '../image-problems';

export interface ImageProblemsSummaryProps {
  problems: readonly ImageProblem[];

  /** The person says the service fetches private addresses: those images are sent anyway. */
  privateAllowed: boolean;
  onPrivateAllowed: (allowed: boolean) => void;
}

/** Every image problem at once, one line per image, with the one exception a person may make. */
export function ImageProblemsSummary({
  problems,
  privateAllowed,
  onPrivateAllowed,
}: ImageProblemsSummaryProps) {
  const id = useId();
  if (problems.length === 0) return null;
  const blocking = problems.filter((problem) => !(problem.private && privateAllowed));
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
            </li>
          ))}
        </ul>
      </div>
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
