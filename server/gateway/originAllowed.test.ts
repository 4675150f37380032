import { describe, expect, it } from 'vitest';
import { originAllowed } from './gateway';

describe('originAllowed (socket.io handshake)', () => {
  it('accepts no Origin, the same host and port, and listed origins', () => {
    expect(originAllowed(undefined, '127.0.0.1:8080', [])).toBe(true);
    expect(originAllowed('http://127.0.0.1:8080', '127.0.0.1:8080', [])).toBe(true);
    expect(originAllowed('https://board.example.com', 'board.example.com', [])).toBe(true);
    expect(originAllowed('http://board.example.com', 'board.example.com:80', [])).toBe(true);
    expect(originAllowed('https://wall.example.com', 'board.example.com', ['https://wall.example.com'])).toBe(true);
  });

  it('refuses another port of the same host, other hosts, and non-http origins', () => {
    expect(originAllowed('http://127.0.0.1:8081', '127.0.0.1:8080', [])).toBe(false);
    expect(originAllowed('http://evil.example', '127.0.0.1:8080', [])).toBe(false);
    expect(originAllowed('null', '127.0.0.1:8080', [])).toBe(false);
    expect(originAllowed('file://', '127.0.0.1:8080', [])).toBe(false);
    expect(originAllowed('http://127.0.0.1:8080', undefined, [])).toBe(false);
  });
});
