import { describe, expect, it } from 'vitest';
import { EditHistory } from './edit-history';

function counterStep(state: { value: number }, delta: number) {
  state.value += delta;
  return {
    undo: () => void (state.value -= delta),
    redo: () => void (state.value += delta),
  };
}

describe('EditHistory', () => {
  it('undoes and redoes steps in order', () => {
    const state = { value: 0 };
    const history = new EditHistory();
    history.push(counterStep(state, 1));
    history.push(counterStep(state, 10));
    expect(state.value).toBe(11);
    expect(history.undo()).toBe(true);
    expect(state.value).toBe(1);
    expect(history.undo()).toBe(true);
    expect(state.value).toBe(0);
    expect(history.undo()).toBe(false);
    expect(history.redo()).toBe(true);
    expect(state.value).toBe(1);
    expect(history.canRedo).toBe(true);
  });

  it('drops the undone steps when a new step is made', () => {
    const state = { value: 0 };
    const history = new EditHistory();
    history.push(counterStep(state, 1));
    history.undo();
    history.push(counterStep(state, 5));
    expect(history.canRedo).toBe(false);
    expect(history.redo()).toBe(false);
    expect(state.value).toBe(5);
  });

  it('keeps at most its limit of steps', () => {
    const state = { value: 0 };
    const history = new EditHistory(2);
    for (let i = 0; i < 3; i++) history.push(counterStep(state, 1));
    expect(history.undo() && history.undo()).toBe(true);
    expect(history.undo()).toBe(false);
    expect(state.value).toBe(1);
  });
});
