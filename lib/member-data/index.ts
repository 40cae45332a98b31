export { exportMemberData, deleteMemberAccount, type MemberRef } from "./member-data";
