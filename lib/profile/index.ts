export {
  getUserProfile,
  updateUserProfile,
  deleteUserProfile,
  startProfileFromSignUp,
  ProfileError,
  type SignUpDetails,
  type UserProfile,
  type UpdateUserProfileInput,
} from "./profile";
