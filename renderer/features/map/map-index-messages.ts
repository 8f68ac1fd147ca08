import { z } from 'zod';

/**
 * What the window and the map's worker say to each other. Only plain data crosses: a photo is its
 * intake id, its position and whether it is far, never its path or name (the window keeps those).
 */

/** One placed photo as the worker indexes it. */
export const mapIndexPointSchema = z.object({
  id: z.number().int(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  far: z.boolean(),
});
/** One placed photo as the worker indexes it. */
export type MapIndexPoint = z.infer<typeof mapIndexPointSchema>;

/** The visible box, [west, south, east, north] in degrees. */
const boxSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);

/** Asks the worker to index a batch (`generation` counts up) or to say what is in a view. */
export const mapIndexRequestSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('index'),
    generation: z.number().int(),
    points: z.array(mapIndexPointSchema),
  }),
  z.object({
    kind: z.literal('view'),
    viewId: z.number().int(),
    box: boxSchema,
    zoom: z.number().int().min(0).max(30),
  }),
]);
/** Asks the worker to index a batch (`generation` counts up) or to say what is in a view. */
export type MapIndexRequest = z.infer<typeof mapIndexRequestSchema>;

/** What a view holds: single photos, and clusters with their count and how far to zoom in. */
export const mapFeatureSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('photo'),
    id: z.number().int(),
    lat: z.number(),
    lng: z.number(),
    far: z.boolean(),
  }),
  z.object({
    kind: z.literal('cluster'),
    clusterId: z.number().int(),
    lat: z.number(),
    lng: z.number(),
    count: z.number().int(),
    /** How many of its photos are far. */
    far: z.number().int(),
    /** The zoom at which the cluster breaks apart. */
    expansionZoom: z.number().int(),
  }),
]);
/** What a view holds: single photos, and clusters with their count and how far to zoom in. */
export type MapFeature = z.infer<typeof mapFeatureSchema>;

/** The worker's answers: a batch indexed, or the features of a view (against `generation`). */
export const mapIndexAnswerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('indexed'), generation: z.number().int() }),
  z.object({
    kind: z.literal('view'),
    viewId: z.number().int(),
    generation: z.number().int(),
    features: z.array(mapFeatureSchema),
  }),
  z.object({ kind: z.literal('failed'), message: z.string() }),
]);
/** The worker's answers: a batch indexed, or the features of a view (against `generation`). */
export type MapIndexAnswer = z.infer<typeof mapIndexAnswerSchema>;
