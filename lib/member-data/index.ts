export { exportMemberData, deleteMemberAccount, type DeletionDeps } from "./member-data";
