import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES, fileProblem, isDocumentType } from './file-rules';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('identity document files', () => {
  it('takes JPEG, PNG and PDF', () => {
    expect(fileProblem(file('kimlik.jpg', 'image/jpeg'))).toBeNull();
    expect(fileProblem(file('kimlik.png', 'image/png'))).toBeNull();
    expect(fileProblem(file('fatura.pdf', 'application/pdf'))).toBeNull();
  });

  it('goes by the name when the browser gives no type', () => {
    expect(isDocumentType(file('scan.JPEG', ''))).toBe(true);
    expect(isDocumentType(file('scan.heic', ''))).toBe(false);
  });

  it('names the rule a file breaks', () => {
    expect(fileProblem(null)).toBe('kyc.rule.file');
    expect(fileProblem(file('notes.txt', 'text/plain'))).toBe('kyc.rule.type');
    expect(fileProblem(file('photo.gif', 'image/gif'))).toBe('kyc.rule.type');
    expect(fileProblem(file('big.pdf', 'application/pdf', MAX_DOCUMENT_BYTES + 1))).toBe(
      'kyc.rule.size',
    );
    expect(fileProblem(file('empty.png', 'image/png', 0))).toBe('kyc.rule.empty');
  });

  it('takes a file of exactly 10 MB', () => {
    expect(fileProblem(file('max.pdf', 'application/pdf', MAX_DOCUMENT_BYTES))).toBeNull();
  });
});
