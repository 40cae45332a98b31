export { getUserProfile, updateUserProfile, ProfileError, type UserProfile, type UpdateUserProfileInput } from "./profile";
