/**
 * The image checks, their summary and the naming of refused images, as one chunk the page loads
 * after its first paint: their tables and wording are a few kilobytes no first view needs.
 */
export { checkImages } from './check-images';
export { ImageProblemsSummary } from './components/image-problems-summary';
