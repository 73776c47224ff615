/*
 * The API's bodies and answers as the apps see them: types only, erased from the bundles. Each
 * is a class of ./contract, where its fields, rules and schema are written once.
 */
export type {
  AnalyticsDay,
  AnalyticsQuery,
  AnalyticsResponse,
  EventBody,
  ReferrerCount,
  StoreCount,
} from './contract/analytics';
export type { AuditFilterQuery, AuditListQuery, AuditLog, AuditLogsResponse } from './contract/audit-log';
export type {
  BulkDecisionResponse,
  BulkItemResult,
  ClassCounts,
  ErrorBody,
  NoBody,
  SuccessResponse,
} from './contract/common';
export type {
  CrackmeClaim,
  CrackmeClaimBody,
  CrackmeClaimResponse,
  CrackmeClaimsQuery,
  CrackmeClaimsResponse,
  PrizeSentResponse,
} from './contract/crackme';
export type {
  AuditChainBreak,
  AuditChainState,
  DashboardResponse,
  ItemCounts,
  RecentActivity,
  ScholarshipPromise,
} from './contract/dashboard';
export type {
  AdminGuestbookEntriesResponse,
  BulkModerateGuestbookEntriesBody,
  GuestbookEntry,
  GuestbookFilterQuery,
  GuestbookListQuery,
  ModerateGuestbookEntryBody,
  ModerateGuestbookEntryResponse,
  PublicGuestbookEntriesResponse,
  PublicGuestbookEntry,
  PublicGuestbookQuery,
  SignGuestbookBody,
} from './contract/guestbook';
export type { ErasureBody, ErasureCounts, ErasureResponse } from './contract/personal-data';
export type {
  BulkDecideScholarshipsBody,
  DecideScholarshipBody,
  DecideScholarshipResponse,
  DeliveryState,
  DeliveryStatus,
  RevokeLinkResponse,
  ScholarshipDecisionStatus,
  ScholarshipFilterQuery,
  ScholarshipListQuery,
  ScholarshipRequest,
  ScholarshipRequestsResponse,
  ScholarshipStatus,
  SubmitScholarshipBody,
} from './contract/scholarships';
export type {
  AddAdminBody,
  AddAdminResponse,
  Admin,
  AdminsResponse,
  ChangePasswordBody,
  ChangePasswordResponse,
  CodeBody,
  EndOtherSessionsResponse,
  OwnSession,
  PasswordBody,
  RecoveryCodesResponse,
  SecurityResponse,
  TwoFactorSetupResponse,
} from './contract/security';
export type {
  AdminUser,
  LoginBody,
  LoginResponse,
  MeResponse,
  TwoFactorLoginBody,
  TwoFactorRequiredResponse,
} from './contract/sign-in';
