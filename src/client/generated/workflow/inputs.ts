import type { AnyResource, Transition } from '../../../core/resource';

export interface TransitionInput {
  /** The key sent in the action body. */
  name: string;
  required: boolean;
  /** The record field the server stores it in, when there is one. */
  field?: string;
}

/** The inputs a transition asks for: its `requires` (mandatory) and `accepts` (optional). */
export function transitionInputs(config: AnyResource, transition: Transition): TransitionInput[] {
  const inputs = [
    ...(transition.requires ?? []).map((name) => ({ name, required: true })),
    ...(transition.accepts ?? []).map((name) => ({ name, required: false })),
  ];
  return inputs.map((input) => {
    const mapped = transition.inputFields?.[input.name];
    const field = mapped === false ? undefined : (mapped ?? input.name);
    return { ...input, field: field && config.fields[field] ? field : undefined };
  });
}
