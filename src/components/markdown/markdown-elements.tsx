import type { ComponentPropsWithoutRef, JSX } from 'react';
import type { Components } from 'react-markdown';
import { CodeBlock } from './code-block';
import { isRemoteUrl } from './safe-url';

type WithNode<T extends keyof JSX.IntrinsicElements> = ComponentPropsWithoutRef<T> & { node?: unknown };

/**
 * Links open in a new tab without handing the opener or referrer to the target, and without lending
 * our reputation to it (nofollow). A link whose URL the transform removed renders as plain text.
 */
function SafeLink({ href, children, node: _node, ...rest }: WithNode<'a'>) {
  if (!href) {
    return (
      <span
        className="md-unsafe-link underline decoration-dotted"
        title="Link removed: its address is not http, https or mailto"
      >
        {children}
      </span>
    );
  }
  if (href.startsWith('#')) {
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <a href={href} {...rest} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

/**
 * Images in model output are never loaded automatically: loading one would tell its host that the
 * reply was read (and could leak conversation text through its URL). A remote http(s) image becomes a
 * link "image: alt" the user may open deliberately; any other source (data:, relative, removed by
 * the transform) becomes plain text.
 */
function ImageAsLink({ src, alt }: WithNode<'img'>) {
  const label = `image: ${alt?.trim() || 'untitled'}`;
  if (typeof src === 'string' && src !== '' && isRemoteUrl(src)) {
    return (
      <a href={src} target="_blank" rel="noopener noreferrer nofollow" className="md-image-link" title={src}>
        {label}
      </a>
    );
  }
  return <span className="md-image-text">{label}</span>;
}

/** The element overrides for react-markdown. Module-level so memoised blocks see a stable object. */
export const markdownElements: Components = {
  a: SafeLink,
  img: ImageAsLink,
  pre: CodeBlock,
};
