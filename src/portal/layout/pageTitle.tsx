import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

const PageTitleContext = createContext<{ title: string; setTitle: (title: string) => void }>({
  title: '',
  setTitle: () => undefined,
});

export function PageTitleProvider({ children }: { children: ReactNode }) {
  const [title, setTitle] = useState('');
  return <PageTitleContext.Provider value={{ title, setTitle }}>{children}</PageTitleContext.Provider>;
}

export const usePageTitleValue = () => useContext(PageTitleContext).title;

/** Each portal page names itself: the header's h1 and the document title follow. */
export function usePageTitle(title: string) {
  const { setTitle } = useContext(PageTitleContext);
  useEffect(() => {
    setTitle(title);
    document.title = title ? `${title} | Percorso` : 'Percorso';
  }, [title, setTitle]);
}
