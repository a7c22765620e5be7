import { relations } from 'drizzle-orm';
import { authAccount, authSession, authUser } from './auth';
import { artist } from './artists';
import {
  asset,
  assetDeliveryHistory,
  dealTerritory,
  geoRule,
  importState,
  release,
  releaseContributor,
  releaseDeal,
  releaseIdentifier,
  releaseResource,
  releaseSchedule,
  resource,
  resourceContributor,
  resourceIdentifier,
  resourceRight,
  resourceTechnical,
} from './catalogue';
import { ddexFile, ddexFileArtist } from './ddex-files';
import {
  audioConversionJobs,
  deliveryDestinations,
  deliveryJobs,
  destinationFieldMappings,
  videoConversionJobs,
} from './delivery';
import { scanJobs } from './jobs';
import { partner, sources } from './sources';
import { userRoles } from './users';

// Relations for drizzle's relational queries (db.query.release.findFirst({ with: ... })).

export const authUserRelations = relations(authUser, ({ many, one }) => ({
  sessions: many(authSession),
  accounts: many(authAccount),
  role: one(userRoles, { fields: [authUser.id], references: [userRoles.userId] }),
}));
export const authSessionRelations = relations(authSession, ({ one }) => ({
  user: one(authUser, { fields: [authSession.userId], references: [authUser.id] }),
}));
export const authAccountRelations = relations(authAccount, ({ one }) => ({
  user: one(authUser, { fields: [authAccount.userId], references: [authUser.id] }),
}));
export const userRolesRelations = relations(userRoles, ({ one }) => ({
  user: one(authUser, { fields: [userRoles.userId], references: [authUser.id] }),
}));

export const sourcesRelations = relations(sources, ({ many }) => ({
  ddexFiles: many(ddexFile),
  scanJobs: many(scanJobs),
}));
export const partnerRelations = relations(partner, ({ many }) => ({
  ddexFiles: many(ddexFile),
  releases: many(release),
}));
export const scanJobsRelations = relations(scanJobs, ({ one }) => ({
  source: one(sources, { fields: [scanJobs.sourceId], references: [sources.id] }),
}));

export const ddexFileRelations = relations(ddexFile, ({ one, many }) => ({
  source: one(sources, { fields: [ddexFile.sourceId], references: [sources.id] }),
  partner: one(partner, { fields: [ddexFile.partnerId], references: [partner.id] }),
  mainArtists: many(ddexFileArtist),
  resources: many(resource),
  releases: many(release),
  assetHistory: many(assetDeliveryHistory),
}));
export const ddexFileArtistRelations = relations(ddexFileArtist, ({ one }) => ({
  ddexFile: one(ddexFile, { fields: [ddexFileArtist.ddexFileId], references: [ddexFile.id] }),
  artist: one(artist, { fields: [ddexFileArtist.artistId], references: [artist.id] }),
}));
export const artistRelations = relations(artist, ({ many }) => ({
  ddexFiles: many(ddexFileArtist),
  releaseContributions: many(releaseContributor),
  resourceContributions: many(resourceContributor),
}));

export const releaseRelations = relations(release, ({ one, many }) => ({
  ddexFile: one(ddexFile, { fields: [release.ddexFileId], references: [ddexFile.id] }),
  partner: one(partner, { fields: [release.partnerId], references: [partner.id] }),
  parentRelease: one(release, {
    fields: [release.parentReleaseId],
    references: [release.id],
    relationName: 'parent_release',
  }),
  trackReleases: many(release, { relationName: 'parent_release' }),
  identifiers: many(releaseIdentifier),
  contributors: many(releaseContributor),
  releaseResources: many(releaseResource),
  deals: many(releaseDeal),
  schedule: one(releaseSchedule, { fields: [release.id], references: [releaseSchedule.releaseId] }),
  geoRule: one(geoRule, { fields: [release.id], references: [geoRule.releaseId] }),
  importStates: many(importState),
  deliveryJobs: many(deliveryJobs),
}));
export const releaseIdentifierRelations = relations(releaseIdentifier, ({ one }) => ({
  release: one(release, { fields: [releaseIdentifier.releaseId], references: [release.id] }),
}));
export const releaseContributorRelations = relations(releaseContributor, ({ one }) => ({
  release: one(release, { fields: [releaseContributor.releaseId], references: [release.id] }),
  artist: one(artist, { fields: [releaseContributor.artistId], references: [artist.id] }),
}));
export const releaseResourceRelations = relations(releaseResource, ({ one }) => ({
  release: one(release, { fields: [releaseResource.releaseId], references: [release.id] }),
  resource: one(resource, { fields: [releaseResource.resourceId], references: [resource.id] }),
}));
export const releaseDealRelations = relations(releaseDeal, ({ one, many }) => ({
  release: one(release, { fields: [releaseDeal.releaseId], references: [release.id] }),
  territories: many(dealTerritory),
}));
export const dealTerritoryRelations = relations(dealTerritory, ({ one }) => ({
  deal: one(releaseDeal, { fields: [dealTerritory.dealId], references: [releaseDeal.id] }),
}));
export const releaseScheduleRelations = relations(releaseSchedule, ({ one }) => ({
  release: one(release, { fields: [releaseSchedule.releaseId], references: [release.id] }),
}));
export const geoRuleRelations = relations(geoRule, ({ one }) => ({
  release: one(release, { fields: [geoRule.releaseId], references: [release.id] }),
}));
export const importStateRelations = relations(importState, ({ one }) => ({
  release: one(release, { fields: [importState.releaseId], references: [release.id] }),
  ddexFile: one(ddexFile, { fields: [importState.ddexFileId], references: [ddexFile.id] }),
}));

export const resourceRelations = relations(resource, ({ one, many }) => ({
  ddexFile: one(ddexFile, { fields: [resource.ddexFileId], references: [ddexFile.id] }),
  releaseResources: many(releaseResource),
  identifiers: many(resourceIdentifier),
  contributors: many(resourceContributor),
  technical: many(resourceTechnical),
  rights: many(resourceRight),
  assets: many(asset),
}));
export const resourceIdentifierRelations = relations(resourceIdentifier, ({ one }) => ({
  resource: one(resource, { fields: [resourceIdentifier.resourceId], references: [resource.id] }),
}));
export const resourceContributorRelations = relations(resourceContributor, ({ one }) => ({
  resource: one(resource, { fields: [resourceContributor.resourceId], references: [resource.id] }),
  artist: one(artist, { fields: [resourceContributor.artistId], references: [artist.id] }),
}));
export const resourceTechnicalRelations = relations(resourceTechnical, ({ one }) => ({
  resource: one(resource, { fields: [resourceTechnical.resourceId], references: [resource.id] }),
}));
export const resourceRightRelations = relations(resourceRight, ({ one }) => ({
  resource: one(resource, { fields: [resourceRight.resourceId], references: [resource.id] }),
}));
export const assetRelations = relations(asset, ({ one, many }) => ({
  resource: one(resource, { fields: [asset.resourceId], references: [resource.id] }),
  ddexFile: one(ddexFile, { fields: [asset.ddexFileId], references: [ddexFile.id] }),
  supersededByAsset: one(asset, {
    fields: [asset.supersededBy],
    references: [asset.id],
    relationName: 'asset_superseded_by',
  }),
  deliveryHistory: many(assetDeliveryHistory, { relationName: 'asset_history' }),
}));
export const assetDeliveryHistoryRelations = relations(assetDeliveryHistory, ({ one }) => ({
  asset: one(asset, {
    fields: [assetDeliveryHistory.assetId],
    references: [asset.id],
    relationName: 'asset_history',
  }),
  previousAsset: one(asset, {
    fields: [assetDeliveryHistory.previousAssetId],
    references: [asset.id],
    relationName: 'asset_history_previous',
  }),
  ddexFile: one(ddexFile, { fields: [assetDeliveryHistory.ddexFileId], references: [ddexFile.id] }),
}));

export const deliveryDestinationsRelations = relations(deliveryDestinations, ({ many }) => ({
  mappings: many(destinationFieldMappings),
  deliveryJobs: many(deliveryJobs),
}));
export const destinationFieldMappingsRelations = relations(destinationFieldMappings, ({ one }) => ({
  destination: one(deliveryDestinations, {
    fields: [destinationFieldMappings.destinationId],
    references: [deliveryDestinations.id],
  }),
}));
export const deliveryJobsRelations = relations(deliveryJobs, ({ one, many }) => ({
  release: one(release, { fields: [deliveryJobs.releaseId], references: [release.id] }),
  destination: one(deliveryDestinations, {
    fields: [deliveryJobs.destinationId],
    references: [deliveryDestinations.id],
  }),
  audioConversions: many(audioConversionJobs),
  videoConversions: many(videoConversionJobs),
}));
export const audioConversionJobsRelations = relations(audioConversionJobs, ({ one }) => ({
  deliveryJob: one(deliveryJobs, { fields: [audioConversionJobs.deliveryJobId], references: [deliveryJobs.id] }),
  asset: one(asset, { fields: [audioConversionJobs.assetId], references: [asset.id] }),
}));
export const videoConversionJobsRelations = relations(videoConversionJobs, ({ one }) => ({
  deliveryJob: one(deliveryJobs, { fields: [videoConversionJobs.deliveryJobId], references: [deliveryJobs.id] }),
  asset: one(asset, { fields: [videoConversionJobs.assetId], references: [asset.id] }),
}));
