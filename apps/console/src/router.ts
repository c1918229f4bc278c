import { useEffect, useState } from 'preact/hooks';

/**
 * Hash routes (`#/zones/<id>/records`): the gateway serves one page at /console/, and a reload or a link
 * lands where it points without the server knowing the console's routes.
 */
export function useRoute(): string[] {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const changed = () => setHash(location.hash);
    addEventListener('hashchange', changed);
    return () => removeEventListener('hashchange', changed);
  }, []);
  return hash
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => decodeURIComponent(part));
}

export function href(...parts: string[]): string {
  return `#/${parts.map(encodeURIComponent).join('/')}`;
}

export function go(...parts: string[]): void {
  location.hash = href(...parts);
}
