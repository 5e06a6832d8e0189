import { describe, expect, it } from 'vitest';
import { ApiError, capitalise, normaliseError, reasonOf, toApiErrorShape } from './api-error';

describe('normaliseError (spec section 8)', () => {
  it('uses the server message field as the reason and the response status', () => {
    const error = normaliseError({
      kind: 'response',
      status: 404,
      body: { success: false, statusCode: 404, message: 'Recipe not found' },
      message: 'Request failed with status code 404',
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.toJSON()).toEqual({
      message: 'Request failed with status code 404',
      statusCode: 404,
      reason: 'Recipe not found',
    });
  });

  it("falls back to the reason 'Unknown' when the server gives no message", () => {
    expect(normaliseError({ kind: 'response', status: 502, body: '<html>bad gateway</html>' }).toJSON()).toEqual({
      message: 'Something went wrong',
      statusCode: 502,
      reason: 'Unknown',
    });
    expect(normaliseError({ kind: 'response', status: 400, body: { message: '' } }).reason).toBe('Unknown');
  });

  it("defaults the message to 'Something went wrong' and the status to 500", () => {
    expect(normaliseError({ kind: 'response', status: 0, body: null }).toJSON()).toEqual({
      message: 'Something went wrong',
      statusCode: 500,
      reason: 'Unknown',
    });
  });

  it("says 'No response received from server' when nothing came back", () => {
    expect(normaliseError({ kind: 'no-response', cause: new TypeError('Failed to fetch') }).toJSON()).toEqual({
      message: 'Failed to fetch',
      statusCode: 500,
      reason: 'No response received from server',
    });
  });

  it("says 'Request was aborted' when cancelled", () => {
    expect(normaliseError({ kind: 'aborted' }).toJSON()).toEqual({
      message: 'Something went wrong',
      statusCode: 500,
      reason: 'Request was aborted',
    });
  });

  it("says 'Problem sending request to server' when the request could not be sent", () => {
    expect(normaliseError({ kind: 'send-failed', cause: new Error('bad body') }).toJSON()).toEqual({
      message: 'bad body',
      statusCode: 500,
      reason: 'Problem sending request to server',
    });
  });
});

describe('helpers', () => {
  it('reads the reason of anything caught', () => {
    expect(reasonOf(new ApiError({ message: 'x', statusCode: 409, reason: 'Taken' }))).toBe('Taken');
    expect(reasonOf(new Error('boom'))).toBe('Something went wrong');
    expect(toApiErrorShape('nope').reason).toBe('Problem sending request to server');
  });

  it('capitalises the first letter (create errors)', () => {
    expect(capitalise('title is taken')).toBe('Title is taken');
    expect(capitalise('')).toBe('');
  });
});
