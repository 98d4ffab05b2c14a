import { useSearchParams } from 'react-router';

/** The `id` query parameter of the guide's screens, or null. */
export function useArticleId(): number | null {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}
