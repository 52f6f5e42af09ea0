import { describe, it, expect } from 'vitest'
import {
  formatPhone,
  isMobilePhone,
  isValidDdd,
  isValidPhone,
  maskPhoneInput,
  phoneDigits,
  phoneType,
  toE164,
  ufOfDdd,
} from './phone'

describe('phoneDigits', () => {
  it('strips masks and country/trunk prefixes', () => {
    expect(phoneDigits('(11) 98765-4321')).toBe('11987654321')
    expect(phoneDigits('+55 11 98765-4321')).toBe('11987654321')
    expect(phoneDigits('0055 11 3456-7890')).toBe('1134567890')
    expect(phoneDigits('(011) 98765-4321')).toBe('11987654321')
    expect(phoneDigits('5511987654321')).toBe('11987654321')
  })

  it('does not eat DDD 55', () => {
    expect(phoneDigits('(55) 99876-5432')).toBe('55998765432')
    expect(phoneDigits('(55) 3222-1234')).toBe('5532221234')
  })

  it('returns other digit runs as they are', () => {
    expect(phoneDigits('1234')).toBe('1234')
    expect(phoneDigits('0800 123 4567')).toBe('08001234567')
    expect(phoneDigits(null)).toBe('')
  })
})

describe('isValidPhone / phoneType', () => {
  it('accepts mobiles and landlines with a valid DDD', () => {
    expect(isValidPhone('(11) 98765-4321')).toBe(true)
    expect(isValidPhone('11987654321')).toBe(true)
    expect(isValidPhone('(11) 3456-7890')).toBe(true)
    expect(isValidPhone('(21) 2345-6789')).toBe(true)
    expect(isValidPhone('(51) 4002-8922')).toBe(true)
    expect(isValidPhone('(61) 5555-1234')).toBe(true)
    expect(isValidPhone('+55 (55) 99876-5432')).toBe(true)
    expect(phoneType('(11) 98765-4321')).toBe('mobile')
    expect(phoneType('(11) 3456-7890')).toBe('landline')
  })

  it('rejects landlines outside 2-5', () => {
    expect(isValidPhone('(11) 1456-7890')).toBe(false)
    expect(isValidPhone('(11) 6456-7890')).toBe(false)
    expect(isValidPhone('(11) 9456-7890')).toBe(false) // old 8-digit mobile
    expect(isValidPhone('(11) 0456-7890')).toBe(false)
  })

  it('rejects 11-digit numbers that do not start with 9', () => {
    expect(isValidPhone('(11) 88765-4321')).toBe(false)
    expect(isValidPhone('(11) 38765-4321')).toBe(false)
  })

  it('rejects unused DDDs', () => {
    for (const ddd of [
      '00',
      '10',
      '20',
      '23',
      '25',
      '26',
      '29',
      '30',
      '36',
      '39',
      '40',
      '50',
      '52',
      '56',
      '57',
      '58',
      '59',
      '60',
      '70',
      '72',
      '76',
      '78',
      '80',
      '90',
    ]) {
      expect(isValidPhone(`(${ddd}) 98765-4321`)).toBe(false)
    }
  })

  it('rejects wrong lengths and junk', () => {
    expect(isValidPhone('98765-4321')).toBe(false)
    expect(isValidPhone('(11) 98765-43210')).toBe(false)
    expect(isValidPhone('(11) 98765-432')).toBe(false)
    expect(isValidPhone('(11) 98765-4321 ramal 2')).toBe(false)
    expect(isValidPhone('0800 123 4567')).toBe(false)
    expect(isValidPhone('')).toBe(false)
    expect(isValidPhone(undefined)).toBe(false)
    expect(phoneType('abc')).toBeNull()
  })

  it('tells mobiles apart', () => {
    expect(isMobilePhone('(11) 98765-4321')).toBe(true)
    expect(isMobilePhone('(11) 3456-7890')).toBe(false)
  })
})

describe('DDD helpers', () => {
  it('knows the DDD table', () => {
    expect(isValidDdd('11')).toBe(true)
    expect(isValidDdd(99)).toBe(true)
    expect(isValidDdd('20')).toBe(false)
    expect(isValidDdd('011')).toBe(false)
    expect(ufOfDdd('11')).toBe('SP')
    expect(ufOfDdd(21)).toBe('RJ')
    expect(ufOfDdd('61')).toBe('DF')
    expect(ufOfDdd('20')).toBeNull()
  })
})

describe('formatPhone', () => {
  it('formats mobiles and landlines', () => {
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321')
    expect(formatPhone('1134567890')).toBe('(11) 3456-7890')
    expect(formatPhone('+55 11 98765 4321')).toBe('(11) 98765-4321')
    expect(formatPhone('(11) 98765-4321')).toBe('(11) 98765-4321')
  })

  it('leaves other input untouched', () => {
    expect(formatPhone('987654321')).toBe('987654321')
    expect(formatPhone('0800 123 4567')).toBe('0800 123 4567')
    expect(formatPhone('(20) 98765-4321')).toBe('(20) 98765-4321')
    expect(formatPhone(null)).toBe('')
  })
})

describe('maskPhoneInput', () => {
  it('masks a mobile progressively, 5-4 from the first 9', () => {
    const typed = '11987654321'
    const expected = [
      '(1',
      '(11',
      '(11) 9',
      '(11) 98',
      '(11) 987',
      '(11) 9876',
      '(11) 98765',
      '(11) 98765-4',
      '(11) 98765-43',
      '(11) 98765-432',
      '(11) 98765-4321',
    ]
    expected.forEach((mask, i) => expect(maskPhoneInput(typed.slice(0, i + 1))).toBe(mask))
    expect(maskPhoneInput('119876543219')).toBe('(11) 98765-4321')
  })

  it('masks a landline 4-4 and caps it at 10 digits', () => {
    expect(maskPhoneInput('113')).toBe('(11) 3')
    expect(maskPhoneInput('113456')).toBe('(11) 3456')
    expect(maskPhoneInput('1134567')).toBe('(11) 3456-7')
    expect(maskPhoneInput('1134567890')).toBe('(11) 3456-7890')
    expect(maskPhoneInput('11345678901')).toBe('(11) 3456-7890')
  })

  it('re-masks already masked text and handles empties', () => {
    expect(maskPhoneInput('(11) 98765-43')).toBe('(11) 98765-43')
    expect(maskPhoneInput('')).toBe('')
    expect(maskPhoneInput(undefined)).toBe('')
  })
})

describe('toE164', () => {
  it('builds the international form of valid numbers', () => {
    expect(toE164('(11) 98765-4321')).toBe('+5511987654321')
    expect(toE164('+55 11 3456-7890')).toBe('+551134567890')
    expect(toE164('(11) 6456-7890')).toBeNull()
  })
})
