import { Route, Routes } from 'react-router';
import { MemberDetailPage } from './member-detail-page.tsx';
import { MemberListPage } from './member-list-page.tsx';
import './members.css';

/** `/members` (the list) and `/members/:userId` (one member's detail and actions). */
export function MembersScreen() {
  return (
    <Routes>
      <Route index element={<MemberListPage />} />
      <Route path=":userId" element={<MemberDetailPage />} />
    </Routes>
  );
}
