import type { User } from '@forkful/contracts';
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { toApiErrorShape, type ApiErrorShape } from '@/lib/api-error';
import { request } from '@/lib/transport';
import { sessionChanged, sessionCleared, sessionUserUpdated, type AuthState } from '@/lib/session';
import { forgetSignedIn } from './session-hint';

export const initialAuthState: AuthState = { isLoggedIn: false, user: null, loading: false };

type Rejectable = { rejectValue: ApiErrorShape };

export const fetchCurrentUser = createAsyncThunk<User, void, Rejectable>(
  'auth/fetchCurrentUser',
  async (_, { rejectWithValue }) => {
    try {
      // A 401 'jwt expired' is refreshed and retried inside the transport (spec section 4).
      return (await request<{ user: User }>('/users/current')).user;
    } catch (error) {
      const shape = toApiErrorShape(error);
      if (shape.statusCode === 401) forgetSignedIn();
      return rejectWithValue(shape);
    }
  },
);

export interface LoginArgs {
  email: string;
  password: string;
}

export const loginUser = createAsyncThunk<User, LoginArgs, Rejectable>(
  'auth/login',
  async (credentials, { rejectWithValue, dispatch }) => {
    try {
      const { user } = await request<{ user: User }>('/users/login', { method: 'POST', json: credentials });
      dispatch(sessionChanged());
      return user;
    } catch (error) {
      return rejectWithValue(toApiErrorShape(error));
    }
  },
);

export interface SignupArgs extends LoginArgs {
  name: string;
  avatar?: File | null;
  onUploadProgress?: (fraction: number) => void;
}

/** Signup registers, then logs in with the same email and password (spec section 4). */
export const signupUser = createAsyncThunk<User, SignupArgs, Rejectable>(
  'auth/signup',
  async ({ name, email, password, avatar, onUploadProgress }, { rejectWithValue, dispatch }) => {
    try {
      const form = new FormData();
      form.append('name', name);
      form.append('email', email);
      form.append('password', password);
      if (avatar) form.append('avatar', avatar);
      await request('/users/register', { method: 'POST', form, onUploadProgress });
      const { user } = await request<{ user: User }>('/users/login', { method: 'POST', json: { email, password } });
      dispatch(sessionChanged());
      return user;
    } catch (error) {
      return rejectWithValue(toApiErrorShape(error));
    }
  },
);

/** The cached answers of the old user are dropped after the logged-out screen shows (AuthBootstrap), not here. */
export const logoutUser = createAsyncThunk<void, void, Rejectable>('auth/logout', async (_, { rejectWithValue }) => {
  try {
    await request('/users/logout', { method: 'POST' });
  } catch (error) {
    return rejectWithValue(toApiErrorShape(error));
  }
});

function loggedIn(state: AuthState, user: User) {
  state.isLoggedIn = true;
  state.user = user;
  state.loading = false;
}

function loggedOut(state: AuthState) {
  state.isLoggedIn = false;
  state.user = null;
  state.loading = false;
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchCurrentUser.pending, (state) => {
        state.loading = true;
      })
      .addCase(fetchCurrentUser.fulfilled, (state, action) => loggedIn(state, action.payload))
      .addCase(fetchCurrentUser.rejected, loggedOut)
      .addCase(loginUser.pending, (state) => {
        state.loading = true;
      })
      .addCase(loginUser.fulfilled, (state, action) => loggedIn(state, action.payload))
      .addCase(loginUser.rejected, (state) => {
        state.loading = false;
      })
      .addCase(signupUser.pending, (state) => {
        state.loading = true;
      })
      .addCase(signupUser.fulfilled, (state, action) => loggedIn(state, action.payload))
      .addCase(signupUser.rejected, (state) => {
        state.loading = false;
      })
      .addCase(logoutUser.pending, (state) => {
        state.loading = true;
      })
      // Logout clears the session whether or not the call succeeds (spec section 4).
      .addCase(logoutUser.fulfilled, loggedOut)
      .addCase(logoutUser.rejected, loggedOut)
      .addCase(sessionCleared, loggedOut)
      .addCase(sessionUserUpdated, (state, action) => {
        if (state.user && state.user._id === action.payload._id) state.user = action.payload;
      });
  },
});
