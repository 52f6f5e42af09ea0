// The timesheet feature's browser surface: the header's timer (dashboard layout). Only named re-exports here.
export { TimerButton } from './timer-button'
