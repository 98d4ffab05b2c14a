/** One reversible step of the editor. */
export interface EditStep {
  undo(): void;
  redo(): void;
}

/**
 * Undo and redo of editor steps. A new step after an undo drops the steps that
 * were undone, as every editor does; the depth is bounded so a long session
 * does not keep every geometry it ever had.
 */
export class EditHistory {
  private done: EditStep[] = [];
  private undone: EditStep[] = [];

  constructor(private readonly limit = 200) {}

  push(step: EditStep): void {
    this.done.push(step);
    if (this.done.length > this.limit) this.done.shift();
    this.undone = [];
  }

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  undo(): boolean {
    const step = this.done.pop();
    if (!step) return false;
    step.undo();
    this.undone.push(step);
    return true;
  }

  redo(): boolean {
    const step = this.undone.pop();
    if (!step) return false;
    step.redo();
    this.done.push(step);
    return true;
  }

  clear(): void {
    this.done = [];
    this.undone = [];
  }
}
