/** Every mode error is a ModeError, so callers can catch the family; subclasses say what went wrong. */
export class ModeError extends Error {
  override readonly name: string = 'ModeError';
}

export class ModeDefinitionError extends ModeError {
  override readonly name = 'ModeDefinitionError';
}

export class UnknownModeError extends ModeError {
  override readonly name = 'UnknownModeError';
}

export class ModeParamsError extends ModeError {
  override readonly name = 'ModeParamsError';
}

export class ModeStackError extends ModeError {
  override readonly name = 'ModeStackError';
}

export class IsolationError extends ModeError {
  override readonly name = 'IsolationError';
}

export class ModeHandlerError extends ModeError {
  override readonly name = 'ModeHandlerError';
}

export class TransitionError extends ModeError {
  override readonly name = 'TransitionError';
}
