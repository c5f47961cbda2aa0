import { Route, Routes } from 'react-router';
import { MemberDetailPage } from './MemberDetailPage.tsx';
import { MemberListPage } from './MemberListPage.tsx';
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
