import { z } from 'zod';
import {
  cameraStreamListBody,
  cameraStreamRemoveBody,
  cameraStreamRowSchema,
  cameraStreamSetBody,
  VIDEO_HLS_PATH,
  videoCamerasBody,
  videoCameraSchema,
  videoHlsQuery,
  videoOpenBody,
  videoOpenSchema,
} from '../video';
import { defineContract, fileAnswer, notEnvelope } from './define';

const tag = 'video';

/** Camera video (docs/api.md "Video"): the cameras and their streams, a viewer's lease, the HLS files, the sources. */
export const VIDEO = {
  cameras: defineContract({ tag, path: '/zhgd/video/cameras', body: videoCamerasBody, response: z.array(videoCameraSchema), permission: 'project.read', summary: "The project's cameras by area with their streams' state" }),
  open: defineContract({
    tag,
    path: '/zhgd/video/open',
    body: videoOpenBody,
    response: videoOpenSchema,
    permission: 'project.read',
    errors: ['NOT_FOUND', 'CONFLICT'],
    summary: 'Start a camera stream on demand (a viewer lease) and answer its state and playlist',
  }),
  hls: defineContract({
    tag,
    method: 'GET',
    path: VIDEO_HLS_PATH,
    body: videoHlsQuery,
    response: notEnvelope,
    answer: fileAnswer('application/vnd.apple.mpegurl', 'An HLS playlist (application/vnd.apple.mpegurl), fMP4 init or media segment (video/mp4) of a running stream'),
    permission: 'project.read',
    errors: ['NOT_FOUND'],
    summary: 'A file of a running camera stream (playlist, init or media segment)',
  }),
  streamList: defineContract({ tag, path: '/zhgd/admin/camera/streams', body: cameraStreamListBody, response: z.array(cameraStreamRowSchema), permission: 'project.admin', summary: "The project's cameras with their stream sources (passwords redacted)" }),
  streamSet: defineContract({
    tag,
    path: '/zhgd/admin/camera/streamSet',
    body: cameraStreamSetBody,
    response: cameraStreamRowSchema,
    permission: 'project.admin',
    errors: ['NOT_FOUND'],
    summary: "Set a camera's stream source (RTSP, HLS or demo; main and sub stream)",
  }),
  streamRemove: defineContract({ tag, path: '/zhgd/admin/camera/streamRemove', body: cameraStreamRemoveBody, response: z.object({ removed: z.number() }), permission: 'project.admin', summary: "Remove a camera's stream source" }),
} as const;
