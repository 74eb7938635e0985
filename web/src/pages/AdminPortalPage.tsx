import { AdminDashboard } from '../features/admin/components/AdminDashboard';

/** /admin-portal: the Admin Dashboard (requirements §P2). The api decides who is an admin; others are sent to /welcome. */
export function AdminPortalPage() {
  return <AdminDashboard />;
}
