import { Outlet } from 'react-router'

// Placeholder until the accounts issue builds the dashboard shell.
export function DashboardLayout() {
  return <Outlet />
}
