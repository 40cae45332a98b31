export { exportMemberData, deleteMemberAccount, type MemberRef, type LeavingMember, type DeletionDeps } from "./member-data";
