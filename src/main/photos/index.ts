/** Photo import: the main-process core behind drag-and-drop, shared by the desktop app and web mode. */
export { importPhotos, type ImportOptions, type PhotoSource } from './import';
export { canDecodeHeic } from './render';
export { scan, type ScanOptions, type ScanResult, type ScannedFile } from './scan';
export * from '../../shared/photos/schema';
export { sniff } from './sniff';
export { photoPaths, PhotoStore, readModelCopy, type PhotoPaths } from './store';
export { CROP_LONG_SIDE, cropRegion, pointCropPath, readPointCrop, writePointCrop } from './crop';
