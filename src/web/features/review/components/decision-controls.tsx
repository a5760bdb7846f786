import { Alert, Button, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconMessage2 } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { REVIEW_LIMITS, type ReviewDecision, type ReviewPost } from '@shared/schemas/review';
import { useDecide } from '../api/decide';
import { reviewErrorMessage } from '../errors';
import classes from './review.module.css';

export interface DecisionControlsProps {
  token: string;
  post: ReviewPost;
  /** 'the post of December 5 at 09:00 on Instagram': what each button names for a screen reader. */
  name: string;
  /** The month has ended (or the page is otherwise closed): nothing can be decided. */
  closed: boolean;
  onDecided: (decision: ReviewDecision) => void;
  /** A failed answer the page acts on: reload after a change, close after the month ended. */
  onFailed: (error: unknown) => void;
}

/** 'Approve' and 'Request changes' (a required comment, counted against the limit) for one post. */
export function DecisionControls({ token, post, name, closed, onDecided, onFailed }: DecisionControlsProps) {
  const decide = useDecide(token);
  const [writing, setWriting] = useState(false);
  const [comment, setComment] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const requestRef = useRef<HTMLButtonElement>(null);
  const approveRef = useRef<HTMLButtonElement>(null);
  const counterId = useId();
  const approved = post.approval === 'approved';

  // Where the keyboard goes once an answer is in (or refused): the form that had it may be gone, a busy button was disabled.
  const [focusTo, setFocusTo] = useState<'approve' | 'request' | 'comment' | null>(null);

  useEffect(() => {
    if (writing) commentRef.current?.focus();
  }, [writing]);

  useEffect(() => {
    if (!focusTo || decide.isPending) return;
    ({ approve: approveRef, request: requestRef, comment: commentRef })[focusTo].current?.focus();
    setFocusTo(null);
  }, [focusTo, decide.isPending, writing]);

  const send = (decision: ReviewDecision, text?: string) =>
    decide.mutate(
      { postId: post.id, decision, comment: text, version: post.version },
      {
        onSuccess: () => {
          onDecided(decision);
          if (decision === 'changes_requested') {
            setWriting(false);
            setComment('');
          }
          setFocusTo(decision === 'approved' ? 'approve' : 'request');
        },
        onError: (error) => {
          onFailed(error);
          setFocusTo(decision === 'approved' ? 'approve' : 'comment');
        },
      },
    );

  const cancel = () => {
    setWriting(false);
    setFieldError(null);
    setFocusTo('request');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = comment.trim();
    if (!text) return setFieldError('Say what should change.');
    if (text.length > REVIEW_LIMITS.comment) return setFieldError(`Keep the comment under ${REVIEW_LIMITS.comment} characters.`);
    setFieldError(null);
    send('changes_requested', text);
  };

  const busy = decide.isPending;
  const over = comment.trim().length > REVIEW_LIMITS.comment;

  return (
    <Stack gap="sm">
      {decide.isError && (
        <Alert color="red" variant="light" role="alert" title="Your answer was not saved" classNames={{ title: classes.dangerText }}>
          {reviewErrorMessage(decide.error)}
        </Alert>
      )}
      {writing ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <Textarea
              ref={commentRef}
              label="What should change?"
              description="Be specific: the planner sees this comment next to the post."
              aria-label={`What should change in ${name}?`}
              autosize
              minRows={3}
              maxRows={10}
              required
              value={comment}
              onChange={(event) => {
                setComment(event.currentTarget.value);
                if (fieldError) setFieldError(null);
              }}
              error={fieldError}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && !busy) cancel();
              }}
              aria-describedby={counterId}
              disabled={closed}
            />
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text size="xs" c={over ? 'red.9' : 'dimmed'} id={counterId}>
                {comment.trim().length} / {REVIEW_LIMITS.comment} characters
              </Text>
              <Group gap="sm" ml="auto">
                <Button variant="default" onClick={cancel} disabled={busy}>
                  Cancel
                </Button>
                <Button type="submit" loading={busy} disabled={closed} aria-label={`Send request for changes to ${name}`}>
                  Send request
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      ) : (
        <div className={classes.actions}>
          <Button
            ref={approveRef}
            aria-label={approved ? `Approved: ${name}` : `Approve ${name}`}
            onClick={() => !approved && !busy && send('approved')}
            // Not `loading`, which disables the button and drops the keyboard's focus while it waits.
            leftSection={
              busy && decide.variables.decision === 'approved' ? <Loader size={16} color="currentColor" /> : <IconCheck size={18} aria-hidden="true" />
            }
            aria-busy={busy && decide.variables.decision === 'approved'}
            disabled={closed}
            className={approved ? classes.approved : undefined}
            aria-disabled={approved || undefined}
          >
            {approved ? 'Approved' : 'Approve'}
          </Button>
          <Button
            ref={requestRef}
            variant="default"
            leftSection={<IconMessage2 size={18} aria-hidden="true" />}
            aria-label={`Request changes to ${name}`}
            onClick={() => !busy && setWriting(true)}
            disabled={closed}
          >
            Request changes
          </Button>
        </div>
      )}
    </Stack>
  );
}
