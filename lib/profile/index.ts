export {
  getUserProfile,
  updateUserProfile,
  deleteUserProfile,
  startProfileFromSignUp,
  ProfileError,
  type SignUpDetails,
  type SignUpSource,
  type UserProfile,
  type UpdateUserProfileInput,
} from "./profile";
