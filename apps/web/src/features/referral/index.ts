// The clipboard helper of the referral screens, for the other features that copy a link.
export { copyText } from './lib/copy-text';
