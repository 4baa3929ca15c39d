/**
 * The request's path as server.ts composes it: a list of stages, each of which answers the
 * request or hands it to the next, ending with Next's own handler. A stage that fails before it
 * wrote anything or handed the request on hands it on (Next answers it as without that stage);
 * one that fails halfway through its answer is cut off.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { logger } from '@/lib/ops/log';

export type Handler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

/** A step of the path: answers the request, or calls `next` (at most once) to hand it on. */
export type Stage = (request: IncomingMessage, response: ServerResponse, next: () => void) => void | Promise<void>;

export interface NamedStage {
  readonly name: string;
  readonly stage: Stage;
}

/** `stages` in order, then `last`: Node's request listener. */
export function requestPath(stages: readonly NamedStage[], last: Handler): RequestListener {
  const run = (index: number, request: IncomingMessage, response: ServerResponse): void => {
    const step = stages[index];
    if (!step) {
      void Promise.resolve()
        .then(() => last(request, response))
        .catch((error: unknown) => failed('next', error, response));
      return;
    }
    let handedOn = false;
    const next = () => {
      if (handedOn) return;
      handedOn = true;
      run(index + 1, request, response);
    };
    try {
      const done = step.stage(request, response, next);
      if (done) done.catch((error: unknown) => recover(step.name, error, handedOn, next, response));
    } catch (error) {
      recover(step.name, error, handedOn, next, response);
    }
  };
  return (request, response) => run(0, request, response);
}

function recover(name: string, error: unknown, handedOn: boolean, next: () => void, response: ServerResponse): void {
  logger().warn({ component: 'request-path', stage: name, error: error instanceof Error ? error.message : String(error) }, 'a stage failed');
  // Handed on already: the rest of the path owns the response.
  if (handedOn) return;
  if (!response.headersSent) next();
  else response.destroy();
}

function failed(name: string, error: unknown, response: ServerResponse): void {
  logger().error({ component: 'request-path', stage: name, error: error instanceof Error ? error.message : String(error) }, 'the request failed');
  if (!response.headersSent) {
    response.statusCode = 500;
    response.end();
  } else {
    response.destroy();
  }
}
