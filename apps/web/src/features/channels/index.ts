// The team's channels, for other features: the list's and a channel's queries.
export { channelQueryOptions } from './api/get-channel';
export { channelsQueryOptions, useChannels } from './api/get-channels';
