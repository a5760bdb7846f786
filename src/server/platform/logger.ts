import pino from 'pino';

export type Logger = pino.Logger;

/**
 * One JSON line per event. Anything that could hold a secret is redacted by key, so a careless
 * `log.info({ headers })` cannot leak a cookie or an API key.
 */
export function createLogger(level: pino.LevelWithSilent, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: {
        paths: ['password', '*.password', 'apiKey', '*.apiKey', 'authorization', '*.authorization', 'cookie', '*.cookie', 'authSecret', '*.authSecret'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
