/**
 * An image part costs what a low-detail image costs in the common format. Its own module so that the
 * composer's token meter can add the unsent images without the counting code on the first load.
 */
export const TOKENS_PER_IMAGE = 85;
