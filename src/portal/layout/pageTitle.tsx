import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { documentTitle } from '../../lib/documentTitle';

const PageTitleContext = createContext<{ title: string; setTitle: (title: string) => void }>({
  title: '',
  setTitle: () => undefined,
});

export function PageTitleProvider({ children }: { children: ReactNode }) {
  const [title, setTitle] = useState('');
  return <PageTitleContext.Provider value={{ title, setTitle }}>{children}</PageTitleContext.Provider>;
}

export const usePageTitleValue = () => useContext(PageTitleContext).title;

/**
 * Each portal page names itself: the header's h1 shows `title`, and the document title starts
 * with `record` (the session, lesson or team shown) when there is one: "Demo Day · Sessione · Percorso".
 */
export function usePageTitle(title: string, record?: string | null) {
  const { setTitle } = useContext(PageTitleContext);
  useEffect(() => {
    setTitle(title);
    document.title = documentTitle(record, title);
  }, [title, record, setTitle]);
}
