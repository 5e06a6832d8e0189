import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';

/**
 * Dispatch that accepts the features' thunks. It is typed without the app's store (lib never imports the app
 * layer); components read state through each slice's own typed selector with react-redux's useSelector.
 */
export type AppDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
