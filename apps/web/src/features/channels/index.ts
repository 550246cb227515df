// The team's channels, for other features: the list's and a channel's queries.
export { channelQueryOptions } from './api/get-channel';
export { useChannelPrices } from './api/get-channel-prices';
export { channelsQueryOptions, useChannels } from './api/get-channels';
export { listPrice } from './lib/price-list';
