// The home grid uses the shared catalogue card; kept here so the home feature reads as one unit.
export { TourCard, TourCardSkeleton } from '../../../components/TourCard';
