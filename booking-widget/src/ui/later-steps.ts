// Steps 2 to 4 in one chunk: not needed to show step 1, fetched while the customer fills it in.
export { StepPassenger } from './step-passenger';
export { StepSummary } from './step-summary';
export { StepVehicle } from './step-vehicle';
