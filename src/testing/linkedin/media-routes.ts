import { randomBytes } from 'node:crypto';
import { ok, type Call, type Reply } from './call';
import { LinkedInError, refuse } from './linkedin-errors';
import type { LinkedInState } from './linkedin-state';

/**
 * The Images API (marketing/community-management/shares/images-api): POST /rest/images?action=initializeUpload
 * with `{ initializeUploadRequest: { owner } }` answers `{ value: { uploadUrlExpiresAt, uploadUrl, image } }`;
 * the bytes are PUT to uploadUrl with the same bearer token; GET /rest/images/{urn} tells `status`
 * (WAITING_UPLOAD, then AVAILABLE). The Videos API (.../shares/videos-api): initializeUpload with `owner`
 * and `fileSizeBytes` answers `{ value: { uploadUrlsExpireAt, video, uploadInstructions: [{ uploadUrl,
 * firstByte, lastByte }], uploadToken } }`; each part is PUT and its ETag kept; POST
 * /rest/videos?action=finalizeUpload with `{ finalizeUploadRequest: { video, uploadToken, uploadedPartIds } }`;
 * then GET /rest/videos/{urn} is PROCESSING, then AVAILABLE. Chosen where the docs are silent: parts of
 * 4 MiB, upload URLs good for an hour, a PUT after that answers 400, and an image or video shows
 * AVAILABLE `processingMs` (default 0) after its last byte or its finalize.
 */
export const VIDEO_PART_BYTES = 4 * 1024 * 1024;
const UPLOAD_TTL_MS = 3600_000;

export interface MediaAsset {
  urn: string;
  kind: 'image' | 'video';
  owner: string;
  expiresAt: number;
  /** Video parts: byte ranges, and the ETag once a part arrived. */
  parts: { first: number; last: number; etag?: string; uploadId: string }[];
  size?: number;
  bytes: number;
  uploadToken?: string;
  /** When its bytes were complete (image) or it was finalized (video). */
  readyFrom?: number;
}

const MEMBER_SCOPES = ['w_member_social'];
const ORGANIZATION_SCOPES = ['w_organization_social'];

export function createMediaRoutes(state: LinkedInState, uploadsUrl: () => string, processingMs = 0) {
  const assets = new Map<string, MediaAsset>();
  const byUploadId = new Map<string, { asset: MediaAsset; part: number }>();

  const status = (asset: MediaAsset) =>
    asset.readyFrom === undefined ? 'WAITING_UPLOAD' : state.now().getTime() >= asset.readyFrom + processingMs ? 'AVAILABLE' : 'PROCESSING';

  const requestOf = (call: Call, key: string) => {
    const body = call.json as Record<string, unknown> | undefined;
    const request = body?.[key] as Record<string, unknown> | undefined;
    if (!request || typeof request !== 'object') throw refuse.field(`/${key}`, 'field is required but not found and has no default value');
    return request;
  };

  const newUpload = (asset: MediaAsset, first: number, last: number) => {
    const uploadId = randomBytes(18).toString('base64url');
    asset.parts.push({ first, last, uploadId });
    byUploadId.set(uploadId, { asset, part: asset.parts.length - 1 });
    return `${uploadsUrl()}/dms-uploads/${uploadId}`;
  };

  /** initializeUpload's new image or video for the request's owner, once the token may post as that owner. */
  const initialize = (call: Call, kind: MediaAsset['kind'], fields: (request: Record<string, unknown>) => Partial<MediaAsset> = () => ({})) => {
    const token = state.check(call.headers.authorization);
    const request = requestOf(call, 'initializeUploadRequest');
    const { owner } = request;
    if (typeof owner !== 'string') throw refuse.field('/initializeUploadRequest/owner', 'field is required but not found and has no default value');
    const more = fields(request);
    state.requireActor(token, owner, MEMBER_SCOPES, ORGANIZATION_SCOPES, `${kind}s.ACTION.initializeUpload`);
    const prefix = kind === 'image' ? 'C4E' : 'C5F';
    const asset: MediaAsset = {
      urn: `urn:li:${kind}:${prefix}${randomBytes(12).toString('base64url')}`,
      kind,
      owner,
      expiresAt: state.now().getTime() + UPLOAD_TTL_MS,
      parts: [],
      bytes: 0,
      ...more,
    };
    assets.set(asset.urn, asset);
    return asset;
  };

  const initializeImage = (call: Call): Reply => {
    const asset = initialize(call, 'image');
    const uploadUrl = newUpload(asset, 0, Number.MAX_SAFE_INTEGER);
    return ok({ value: { uploadUrlExpiresAt: asset.expiresAt, uploadUrl, image: asset.urn } });
  };

  const initializeVideo = (call: Call): Reply => {
    const asset = initialize(call, 'video', ({ fileSizeBytes }) => {
      if (typeof fileSizeBytes !== 'number' || !Number.isInteger(fileSizeBytes) || fileSizeBytes <= 0)
        throw refuse.field('/initializeUploadRequest/fileSizeBytes', 'field is required but not found and has no default value');
      return { size: fileSizeBytes, uploadToken: '' };
    });
    const fileSizeBytes = asset.size!;
    const uploadInstructions = [];
    for (let first = 0; first < fileSizeBytes; first += VIDEO_PART_BYTES) {
      const last = Math.min(first + VIDEO_PART_BYTES, fileSizeBytes) - 1;
      uploadInstructions.push({ uploadUrl: newUpload(asset, first, last), firstByte: first, lastByte: last });
    }
    return ok({ value: { uploadUrlsExpireAt: asset.expiresAt, video: asset.urn, uploadInstructions, uploadToken: asset.uploadToken } });
  };

  /** PUT of bytes to an upload URL on the uploads host. */
  const upload = (call: Call, uploadId: string): Reply => {
    const found = byUploadId.get(uploadId);
    if (call.method !== 'PUT' || !found) throw refuse.notFound('upload');
    const { asset, part } = found;
    // The image upload takes the same bearer token as the initialize (images-api: "Upload the image").
    if (asset.kind === 'image') state.check(call.headers.authorization);
    if (state.now().getTime() > asset.expiresAt) throw refuse.badRequest('The upload URL has expired');
    const range = asset.parts[part]!;
    if (call.bytes.length === 0) throw refuse.badRequest('The upload has no bytes');
    if (asset.kind === 'video' && call.bytes.length !== range.last - range.first + 1)
      throw refuse.badRequest(`Part ${part} must be bytes ${range.first}..${range.last} (${range.last - range.first + 1} bytes)`);
    range.etag = `/ambry-video/signedId/${randomBytes(12).toString('base64url')}`;
    asset.bytes += call.bytes.length;
    if (asset.kind === 'image') {
      asset.readyFrom = state.now().getTime();
      return { status: 201, headers: {} };
    }
    return { status: 200, headers: { etag: range.etag } };
  };

  const finalizeVideo = (call: Call): Reply => {
    const token = state.check(call.headers.authorization);
    const request = requestOf(call, 'finalizeUploadRequest');
    const asset = typeof request.video === 'string' ? assets.get(request.video) : undefined;
    if (!asset || asset.kind !== 'video') throw refuse.field('/finalizeUploadRequest/video', 'is not a video of this application');
    state.requireActor(token, asset.owner, MEMBER_SCOPES, ORGANIZATION_SCOPES, 'videos.ACTION.finalizeUpload');
    const ids = request.uploadedPartIds;
    const expected = asset.parts.map((part) => part.etag);
    if (!Array.isArray(ids) || expected.some((etag) => etag === undefined) || ids.length !== expected.length || ids.some((id, index) => id !== expected[index]))
      throw new LinkedInError(400, 'The uploadedPartIds do not match the uploaded parts: every part must be uploaded and listed in order.', 'BAD_REQUEST');
    if (request.uploadToken !== asset.uploadToken) throw refuse.badRequest('The uploadToken does not match the upload');
    asset.readyFrom ??= state.now().getTime();
    return ok(undefined);
  };

  const read = (call: Call, urn: string): Reply => {
    const token = state.check(call.headers.authorization);
    const asset = assets.get(urn);
    if (!asset) throw refuse.notFound(urn);
    state.requireActor(token, asset.owner, ['w_member_social', 'r_member_social'], ['w_organization_social', 'r_organization_social'], `${asset.kind}s.GET`);
    return ok({
      id: asset.urn,
      owner: asset.owner,
      status: status(asset),
      ...(asset.kind === 'video' ? { fileSizeBytes: asset.size } : {}),
      ...(status(asset) === 'AVAILABLE' ? { downloadUrl: `${uploadsUrl()}/dms/${encodeURIComponent(asset.urn)}` } : {}),
    });
  };

  return {
    initializeImage,
    initializeVideo,
    upload,
    finalizeVideo,
    read,
    /** The asset named by a post, if it is the author's and AVAILABLE; else why not. */
    usable(urn: string, author: string): string | undefined {
      const asset = assets.get(urn);
      if (!asset) return `${urn} does not exist`;
      if (asset.owner !== author) return `${urn} is not owned by ${author}`;
      const now = status(asset);
      return now === 'AVAILABLE' ? undefined : `${urn} is not AVAILABLE (${now})`;
    },
    kindOf: (urn: string) => assets.get(urn)?.kind,
  };
}

export type MediaRoutes = ReturnType<typeof createMediaRoutes>;
