/** The demo deliveries generator: the demo data set and the bulk deliveries of the scan benchmark. */
export {
  generateDemoDeliveries,
  folderWriter,
  memoryWriter,
  assertSafeRelativePath,
  type DeliveryWriter,
  type DemoManifest,
  type DemoReleaseInfo,
  type DemoMessageInfo,
  type DemoBatchInfo,
  type DemoPartnerInfo,
  type DemoArtistInfo,
  type DemoFile,
  type DemoMessageKind,
  type TakedownMethod,
} from './generate';
export { generateBulkDeliveries, type BulkManifest, type BulkDelivery, type BulkBatch, type BulkOptions } from './bulk';
export type { DeliveryLayout, ArtistOrigin } from './catalogue';
export type { ErnVersion } from './ern-writer';
