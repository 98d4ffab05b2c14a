import { local } from '@/lib/storage';

/** Text of an article that was typed but not yet saved on the server. */
export interface ArticleDraft {
  html: string;
  /** The version the text was written on. */
  version: number;
  savedAt: string;
}

function key(userId: string | number, articleId: number): string {
  return `guideDraft:${userId}:${articleId}`;
}

/**
 * Drafts live in localStorage so they outlive a closed tab or a crash; they are
 * keyed by user, so the next person on a shared computer does not see them.
 */
export const draftStore = {
  read(userId: string | number, articleId: number): ArticleDraft | null {
    const raw = local.get(key(userId, articleId));
    if (!raw) return null;
    try {
      const draft = JSON.parse(raw) as ArticleDraft;
      return typeof draft.html === 'string' && typeof draft.version === 'number' ? draft : null;
    } catch {
      return null;
    }
  },
  write(userId: string | number, articleId: number, draft: ArticleDraft): void {
    local.set(key(userId, articleId), JSON.stringify(draft));
  },
  clear(userId: string | number, articleId: number): void {
    local.remove(key(userId, articleId));
  },
};
