/**
 * The app's links: react-router's navigation, without its framework-mode extras.
 *
 * react-router's own <Link> also renders route prefetching (<PrefetchPageLinks>, for apps built
 * with its framework mode, which Percorso is not), and that reference keeps the framework's
 * manifest, RSC and error-boundary code in every bundle (about 2 KiB brotli on every page). These
 * two components are built on the same public hooks as react-router's (useHref,
 * useLinkClickHandler, useResolvedPath) and behave as the router's for everything the app uses:
 * the href, client-side navigation on a plain click, the browser's own handling of modified clicks
 * and of `target`, and, for NavLink, aria-current="page" on the current section.
 * eslint.config.js keeps react-router's Link and NavLink out of the app; the back-office gets this
 * Link too, through src/routing/lightRouterProvider.tsx.
 */
import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import {
  useHref,
  useLinkClickHandler,
  useLocation,
  useResolvedPath,
  type RelativeRoutingType,
  type To,
} from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  relative?: RelativeRoutingType;
  preventScrollReset?: boolean;
}

/** A URL with a scheme (https:, mailto:) or protocol-relative: the browser's to follow. */
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  if (typeof props.to === 'string' && EXTERNAL.test(props.to)) {
    const { to, replace: _replace, state: _state, relative: _relative, preventScrollReset: _reset, ...anchor } = props;
    return <a {...anchor} ref={ref} href={to} />;
  }
  return <RouterAnchor {...props} ref={ref} />;
});

const RouterAnchor = forwardRef<HTMLAnchorElement, LinkProps>(function RouterAnchor(
  { to, replace, state, relative, preventScrollReset, target, onClick, ...anchor },
  ref,
) {
  const href = useHref(to, { relative });
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target, relative, preventScrollReset });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...anchor} ref={ref} href={href} target={target} onClick={handleClick} />;
});

export interface NavLinkProps extends LinkProps {
  /** Current only on this very path, not on the paths below it. */
  end?: boolean;
}

/** A Link that says it is the current section (its path, or one below it) with aria-current="page". */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ end = false, ...props }, ref) {
  const { pathname } = useLocation();
  const target = useResolvedPath(props.to, { relative: props.relative }).pathname.toLowerCase();
  const here = pathname.toLowerCase();
  // As react-router's NavLink: "/a" is current on "/a" and "/a/b", never on "/ab"; "/" only on "/".
  const below = target === '/' ? false : here.startsWith(target.endsWith('/') ? target : `${target}/`);
  const current = here === target || (!end && below);
  return <Link {...props} ref={ref} aria-current={current ? 'page' : undefined} />;
});
