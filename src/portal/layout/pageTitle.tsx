import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { documentTitle } from '../../lib/documentTitle';

/** The header's title, and the path of the page that last set it. */
export interface PageTitle {
  title: string;
  path: string | null;
}

const PageTitleContext = createContext<PageTitle & { setTitle: (title: string, path: string) => void }>({
  title: '',
  path: null,
  setTitle: () => undefined,
});

export function PageTitleProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<PageTitle>({ title: '', path: null });
  const setTitle = useCallback(
    (title: string, path: string) =>
      setCurrent((previous) => (previous.title === title && previous.path === path ? previous : { title, path })),
    [],
  );
  return <PageTitleContext.Provider value={{ ...current, setTitle }}>{children}</PageTitleContext.Provider>;
}

export function usePageTitleValue(): PageTitle {
  const { title, path } = useContext(PageTitleContext);
  return { title, path };
}

/**
 * Each portal page names itself: the header's h1 shows `title`, and the document title starts
 * with `record` (the session, lesson or team shown) when there is one: "Demo Day · Sessione · Percorso".
 * The layout learns from it when a newly opened page is ready to be announced (useRouteFocus).
 */
export function usePageTitle(title: string, record?: string | null) {
  const { setTitle } = useContext(PageTitleContext);
  const { pathname } = useLocation();
  useEffect(() => {
    setTitle(title, pathname);
    document.title = documentTitle(record, title);
  }, [title, record, pathname, setTitle]);
}
