import type { XCall, XReply } from './x-call';
import { invalidRequest } from './x-errors';
import { MEDIA_SECONDS, type Upload, type XState } from './x-state';

/**
 * Media upload v2 on api.x.com (scope media.write), from docs.x.com/x-api/media/quickstart/media-upload-chunked
 * and the reference pages .../x-api/media/initialize-media-upload, .../append-media-upload,
 * .../finalize-media-upload, .../get-media-upload-status and .../media-upload (simple upload):
 * - POST /2/media/upload/initialize (JSON media_type, total_bytes, media_category) -> data.id, media_key, expires_after_secs;
 * - POST /2/media/upload/{id}/append (multipart `media`, `segment_index`);
 * - POST /2/media/upload/{id}/finalize -> data with `processing_info` (state pending) for video and GIF;
 * - GET /2/media/upload?command=STATUS&media_id= -> processing_info pending -> in_progress -> succeeded | failed;
 * - POST /2/media/upload (multipart `media`, `media_category`): one request for an image.
 * The size caps (5 MB image, 15 MB GIF, 512 MB video) are the media best-practices page's. The older
 * `command=INIT|APPEND|FINALIZE` form of POST /2/media/upload is not played.
 */
const TYPES: Record<string, { categories: string[]; maxBytes: number; kind: 'image' | 'gif' | 'video' }> = {
  'image/jpeg': { categories: ['tweet_image'], maxBytes: 5 * 2 ** 20, kind: 'image' },
  'image/png': { categories: ['tweet_image'], maxBytes: 5 * 2 ** 20, kind: 'image' },
  'image/webp': { categories: ['tweet_image'], maxBytes: 5 * 2 ** 20, kind: 'image' },
  'image/gif': { categories: ['tweet_image', 'tweet_gif'], maxBytes: 15 * 2 ** 20, kind: 'gif' },
  'video/mp4': { categories: ['tweet_video', 'amplify_video'], maxBytes: 512 * 2 ** 20, kind: 'video' },
};

export const mediaKind = (upload: Upload) => TYPES[upload.mediaType]!.kind;

export function createMediaRoutes(state: XState, processing: { polls: number; fail: boolean }) {
  const view = (upload: Upload) => ({
    id: upload.id,
    media_key: upload.mediaKey,
    expires_after_secs: Math.max(0, Math.round((upload.expiresAt - state.now().getTime()) / 1000)),
  });

  const open = (mediaType: string, category: string, totalBytes: number): Upload => {
    const type = TYPES[mediaType];
    if (!type) throw invalidRequest(`Unsupported media_type ${mediaType}.`, 'media_type');
    if (!type.categories.includes(category)) throw invalidRequest(`media_category ${category} does not fit ${mediaType}.`, 'media_category');
    if (!Number.isInteger(totalBytes) || totalBytes <= 0 || totalBytes > type.maxBytes) throw invalidRequest('total_bytes is out of range.', 'total_bytes');
    const id = state.newId();
    const upload: Upload = {
      id,
      mediaKey: `${type.kind === 'video' ? 7 : type.kind === 'gif' ? 16 : 3}_${id}`,
      mediaType,
      category,
      totalBytes,
      segments: new Map(),
      state: 'uploading',
      pollsLeft: processing.polls,
      expiresAt: state.now().getTime() + MEDIA_SECONDS * 1000,
    };
    state.uploads.set(id, upload);
    return upload;
  };

  const find = (id: string | null | undefined): Upload => {
    const upload = state.uploads.get(id ?? '');
    if (!upload || upload.expiresAt <= state.now().getTime()) throw invalidRequest('Invalid media id.', 'id');
    return upload;
  };

  const initialize = (call: XCall): XReply => {
    const body = (call.json ?? {}) as Record<string, unknown>;
    const upload = open(String(body.media_type ?? ''), String(body.media_category ?? ''), Number(body.total_bytes));
    return { status: 200, json: { data: view(upload) } };
  };

  const append = async (call: XCall, id: string): Promise<XReply> => {
    const upload = find(id);
    if (upload.state !== 'uploading') throw invalidRequest('This upload is already finalized.', 'id');
    const media = call.parts?.get('media');
    const index = Number(call.parts?.get('segment_index'));
    if (!(media instanceof Blob)) throw invalidRequest('The media field is required.', 'media');
    if (!Number.isInteger(index) || index < 0 || index > 999) throw invalidRequest('segment_index must be 0 to 999.', 'segment_index');
    upload.segments.set(index, (await media.arrayBuffer()).byteLength);
    return { status: 200, json: { data: { expires_at: Math.round(upload.expiresAt / 1000) } } };
  };

  const finalize = (id: string): XReply => {
    const upload = find(id);
    if (upload.state !== 'uploading') throw invalidRequest('This upload is already finalized.', 'id');
    const received = [...upload.segments.values()].reduce((sum, size) => sum + size, 0);
    if (received !== upload.totalBytes) throw invalidRequest(`File size mismatch: received ${received} bytes of ${upload.totalBytes}.`, 'id');
    const processed = mediaKind(upload) !== 'image';
    upload.state = processed ? 'pending' : 'succeeded';
    const info = processed ? { processing_info: { state: 'pending', check_after_secs: 1 } } : {};
    return { status: 200, json: { data: { ...view(upload), size: upload.totalBytes, ...info } } };
  };

  /** GET /2/media/upload?command=STATUS: each read moves processing a step on, as a real poll would see. */
  const status = (call: XCall): XReply => {
    if (call.query.get('command') !== 'STATUS') throw invalidRequest('command must be STATUS.', 'command');
    const upload = find(call.query.get('media_id'));
    if (upload.state === 'uploading') throw invalidRequest('This upload is not finalized.', 'media_id');
    if (upload.state === 'pending' || upload.state === 'in_progress') {
      if (upload.pollsLeft > 0) {
        upload.pollsLeft -= 1;
        upload.state = 'in_progress';
      } else upload.state = processing.fail ? 'failed' : 'succeeded';
    }
    const done = upload.state === 'succeeded' || upload.state === 'failed';
    const info = {
      state: upload.state,
      ...(done ? {} : { check_after_secs: 1 }),
      progress_percent: done ? 100 : 50,
      ...(upload.state === 'failed' ? { error: { code: 1, name: 'InvalidMedia', message: 'Unsupported video format' } } : {}),
    };
    return { status: 200, json: { data: { ...view(upload), processing_info: info } } };
  };

  /** The one-request upload, for images. */
  const simple = async (call: XCall): Promise<XReply> => {
    const media = call.parts?.get('media');
    if (!(media instanceof Blob)) throw invalidRequest('The media field is required.', 'media');
    const mediaType = String(call.parts?.get('media_type') ?? media.type);
    if (TYPES[mediaType]?.kind === 'video') throw invalidRequest('Video must be uploaded in chunks (initialize, append, finalize).', 'media');
    const bytes = (await media.arrayBuffer()).byteLength;
    const upload = open(mediaType, String(call.parts?.get('media_category') ?? 'tweet_image'), bytes);
    upload.segments.set(0, bytes);
    upload.state = 'succeeded';
    return { status: 200, json: { data: { ...view(upload), size: bytes } } };
  };

  return { initialize, append, finalize, status, simple };
}
