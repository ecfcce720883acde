import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { documentTitle } from '../../components/documentTitle';

/** The header's title, and the path of the page that last set it. */
export interface PageTitle {
  title: string;
  path: string | null;
}

type SetPageTitle = (title: string, path: string) => void;

/*
 * Two contexts: the pages only set the title, the header only reads it. A page that names itself
 * is thus not rendered again when its title arrives (an update made in an effect, which React
 * renders in one piece: on the dashboard the whole page again, 70-90 ms on a mid-range phone).
 */
const PageTitleContext = createContext<PageTitle>({ title: '', path: null });
const SetPageTitleContext = createContext<SetPageTitle>(() => undefined);

export function PageTitleProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<PageTitle>({ title: '', path: null });
  // The same function for as long as the layout lives: the pages never render again because of it.
  const setTitle = useCallback<SetPageTitle>(
    (title, path) =>
      setCurrent((previous) => (previous.title === title && previous.path === path ? previous : { title, path })),
    [],
  );
  return (
    <SetPageTitleContext.Provider value={setTitle}>
      <PageTitleContext.Provider value={current}>{children}</PageTitleContext.Provider>
    </SetPageTitleContext.Provider>
  );
}

export function usePageTitleValue(): PageTitle {
  return useContext(PageTitleContext);
}

/**
 * Each portal page names itself: the header's h1 shows `title`, and the document title starts
 * with `record` (the session, lesson or team shown) when there is one: "Demo Day · Sessione · Percorso".
 * The layout learns from it when a newly opened page is ready to be announced (useRouteFocus).
 */
export function usePageTitle(title: string, record?: string | null) {
  const setTitle = useContext(SetPageTitleContext);
  const { pathname } = useLocation();
  useEffect(() => {
    setTitle(title, pathname);
    document.title = documentTitle(record, title);
  }, [title, record, pathname, setTitle]);
}
