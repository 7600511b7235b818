import { graphql } from '../../gql';

export const SESSION_USER_FIELDS = graphql(`
  fragment SessionUserFields on User {
    id
    name
    email
    phone
    role
    profileImage
    registeredAt
    createdAt
    lastLoginAt
    permissions
  }
`);

export const ME = graphql(`
  query Me {
    me {
      ...SessionUserFields
    }
  }
`);

export const LOGIN = graphql(`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      accessToken
      refreshToken
      user {
        ...SessionUserFields
      }
    }
  }
`);

export const LOGOUT = graphql(`
  mutation Logout($refreshToken: String) {
    logout(refreshToken: $refreshToken) {
      allSessionsEnded
    }
  }
`);

/** Sent with a plain fetch by the refresh coordinator, never through the link chain. */
export const REFRESH_TOKEN = graphql(`
  mutation RefreshToken($refreshToken: String!) {
    refreshToken(refreshToken: $refreshToken) {
      accessToken
      refreshToken
    }
  }
`);

export const DELETE_ACCOUNT = graphql(`
  mutation DeleteAccount($userId: ID) {
    deleteAccount(userId: $userId) {
      deletedUserId
    }
  }
`);

/** Sent as a multipart request by uploadWithProgress (XMLHttpRequest, for the progress bar). */
export const UPLOAD_PROFILE_IMAGE = graphql(`
  mutation UploadProfileImage($file: Upload!) {
    uploadProfileImage(file: $file) {
      user {
        ...SessionUserFields
      }
    }
  }
`);
