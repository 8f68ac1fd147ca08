import type { ProjectListingView } from '../../shared/ipc/views';

/** Harbor View Tower as the project list gives it: its place in Oakland and a small geofence. */
export const HARBOR_LISTING: ProjectListingView = {
  id: 'harbor',
  name: 'Harbor View Tower',
  address: '',
  photoCount: undefined,
  coordinates: { lat: 37.7955, lon: -122.2786 },
  archived: false,
  geofence: [
    { lat: 37.7964, lon: -122.2799 },
    { lat: 37.7964, lon: -122.2774 },
    { lat: 37.7947, lon: -122.2774 },
    { lat: 37.7947, lon: -122.2799 },
  ],
};
