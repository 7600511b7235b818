/** A bad setting in the environment, with a message that says which and how to fix it. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}
