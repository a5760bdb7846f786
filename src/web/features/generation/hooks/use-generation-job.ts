import { useCallback, useEffect, useRef, useState } from 'react';
import type { GenerationProgress } from '@shared/schemas/generation';
import { ApiRequestError, errorMessage } from '../../../lib/api-error';
import { fetchGenerationProgress, generationEventsUrl, parseProgressEvent } from '../api/generation-job';

export const POLL_INTERVAL_MS = 1000;

interface GenerationJobHandlers {
  /** Called once when the followed job succeeds or fails, with its outcome (the month holds its posts). */
  onSettled: (job: GenerationProgress) => void;
  /** Called when the job can no longer be followed (session ended, job gone). */
  onLost: (message: string) => void;
}

/**
 * Follows one generation job's progress (counts and the latest post, never every staged post):
 * Server-Sent Events first, polling every second when the stream errors. `follow(progress)` starts;
 * the stream closes by itself when the job ends.
 */
export function useGenerationJob(handlers: GenerationJobHandlers) {
  const [job, setJob] = useState<GenerationProgress | null>(null);
  const [reconnecting, setReconnecting] = useState(false);
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  const runningId = job?.status === 'running' ? job.id : null;

  useEffect(() => {
    if (!runningId) return;
    let active = true;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const stop = () => {
      active = false;
      source?.close();
      source = null;
      clearTimeout(timer);
    };

    const receive = (next: GenerationProgress) => {
      if (!active || next.id !== runningId) return;
      setJob(next);
      setReconnecting(false);
      if (next.status !== 'running') {
        stop();
        handlersRef.current.onSettled(next);
      }
    };

    const poll = async () => {
      try {
        receive(await fetchGenerationProgress(runningId));
      } catch (error) {
        // A 4xx will not get better (signed out, job gone); network trouble and 5xx are retried.
        if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
          stop();
          handlersRef.current.onLost(errorMessage(error));
          return;
        }
        if (active) setReconnecting(true);
      }
      if (active) timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
    };

    if (typeof EventSource === 'function') {
      source = new EventSource(generationEventsUrl(runningId));
      source.addEventListener('progress', (event) => {
        const next = parseProgressEvent((event as MessageEvent).data);
        if (next) receive(next);
      });
      source.onerror = () => {
        // The stream failed or ended early: fall back to polling.
        source?.close();
        source = null;
        if (active) void poll();
      };
    } else {
      void poll();
    }
    return stop;
  }, [runningId]);

  const follow = useCallback((next: GenerationProgress) => {
    setReconnecting(false);
    setJob(next);
  }, []);

  return { job, reconnecting, follow };
}
