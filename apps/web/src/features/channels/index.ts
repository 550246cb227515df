// The team's channels, for other features: the list's query and the keys its changes invalidate.
export { channelQueryOptions } from './api/get-channel';
export { channelsQueryKeys, channelsQueryOptions, useChannels } from './api/get-channels';
