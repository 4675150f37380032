/** The live feeds seam lives in streams/ (the live host in the worker uses it); re-exported for the stores and tests. */
export { socketFeeds, type LiveFeeds, type LiveFeedsFactory, type TelemetryTopic } from '../../streams/feeds';
